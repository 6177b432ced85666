// The two casings a name can have (docs/language.md), tested alone: finding a project's files
// needs them without the diagnostics that casing.ts reports.
const UPPER_CAMEL = /^[A-Z][A-Za-z0-9]*$/;
const LOWER_SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export function isUpperCamel(name: string): boolean {
  return UPPER_CAMEL.test(name);
}

export function isLowerSnake(name: string): boolean {
  return LOWER_SNAKE.test(name);
}
