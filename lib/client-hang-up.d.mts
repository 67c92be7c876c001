export function isClientHangUp(value: unknown): boolean;
export function quietClientHangUps(
  target?: { error: (...args: unknown[]) => void },
  log?: (message: string) => void,
): void;
