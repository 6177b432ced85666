// Test support for the compiler and the packages built on it: `@jadpo/compiler/testing`.
// Never imported by the compiler itself.
export { memoryHost } from "./memory-host.ts";
export { compileSources, SOURCES_ROOT } from "./compile-sources.ts";
export { ORDER_LOOKUP } from "./orders.ts";
