// This process's heap, as the compiler's memory budget: how large it may grow and how full it is.
import type { MemoryBudget } from "@jadpo/compiler";
import { getHeapStatistics } from "node:v8";

export const processMemory: MemoryBudget = {
  heapLimit: getHeapStatistics().heap_size_limit,
  heapUsed: () => getHeapStatistics().used_heap_size,
};
