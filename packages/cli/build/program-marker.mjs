// What a build's app template holds in the program's place: a string literal `jadpo build` replaces
// with the program's text (production-bundle.mjs makes the template; the CLI fills it).
export const PROGRAM_MARKER = JSON.stringify("@@jadpo-program@@");
