/** Fails the consumer (exit status 1) with the name of what did not hold. */
export function check(what: string, holds: boolean): void {
  if (!holds) throw new Error(`consumer check failed: ${what}`);
  console.log(`  ✓ ${what}`);
}
