// A bench's numeric settings from the environment.

/** `env[name]` as a positive number (`fallback` when unset); anything else is refused by name. */
export function positiveSetting(env, name, fallback) {
  const value = Number(env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, not ${env[name]}`);
  return value;
}
