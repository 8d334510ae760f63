import { RACE_DAY_LIMITS } from '@stride/shared';

/** Where this phone keeps the name the volunteer gave it. */
const STORAGE_KEY = 'stride-checkin-device';

/** The name of this device ("phone 2"), sent with each of its scans; '' when none was given. */
export function readDeviceName(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveDeviceName(name: string) {
  try {
    window.localStorage.setItem(STORAGE_KEY, name.slice(0, RACE_DAY_LIMITS.device));
  } catch {
    // Storage refused (a private window's quota): the name lasts for this visit only.
  }
}
