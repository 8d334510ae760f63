import { AppError } from './app-error.js';

/** Guards a change to someone's resource: only its owner may make it. */
export function requireOwner(ownerId: string, userId: string, message: string): void {
  if (ownerId !== userId) throw new AppError('FORBIDDEN', message);
}
