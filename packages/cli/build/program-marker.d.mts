/** The string literal, quotes included, standing for the program in a build's app template. */
export const PROGRAM_MARKER: string;
