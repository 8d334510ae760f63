import type { SweetAlertIcon, SweetAlertPosition } from 'sweetalert2';
import { TIMERS } from '@stride/shared/constants';
import { DELETE_CONFIRM, type ConfirmMessages } from './record-messages';

/** SweetAlert2 is loaded on first use, so it never weighs on a page's first load. */
const loadSwal = () => import('sweetalert2').then((module) => module.default);

/** What a popup may be given: no option that SweetAlert2 renders as HTML. */
type PopupOptions = {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  toast?: boolean;
  position?: SweetAlertPosition;
  timer?: number;
  timerProgressBar?: boolean;
  showConfirmButton?: boolean;
  showCancelButton?: boolean;
  confirmButtonText?: string;
  cancelButtonText?: string;
  target?: HTMLElement;
};

/** Popups follow the page's theme (daisyUI's `data-theme` on <html>). */
const pageTheme = () =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? ('dark' as const) : ('light' as const);

/**
 * Every popup goes through here. Its words often come from outside (a URL's `?error=`, a server's message, a
 * race's title), so they are set as text: SweetAlert2's `title` and `html` would render markup (a phishing
 * link in a toast), `titleText` and `text` cannot.
 */
async function fire({ title, ...options }: PopupOptions) {
  const Swal = await loadSwal();
  return Swal.fire({
    ...options,
    titleText: title,
    theme: pageTheme(),
    // A text of two paragraphs (a confirm's detail) keeps its line breaks.
    customClass: { htmlContainer: 'whitespace-pre-line' },
  });
}

/** A toast in the top-end corner (docs/SPEC.md §4: 1500 ms). */
export function showToast(icon: SweetAlertIcon, title: string, timer: number = TIMERS.toastMs) {
  return fire({
    toast: true,
    position: 'top-end',
    icon,
    title,
    timer,
    showConfirmButton: false,
    timerProgressBar: true,
  });
}

/** A modal alert with a title and a text; closes by itself when `timer` is given. */
export function showAlert(options: {
  icon: SweetAlertIcon;
  title: string;
  text?: string;
  timer?: number;
  /** Where to put the alert; inside an open modal <dialog>, as everything outside it is inert. */
  target?: HTMLElement;
}) {
  return fire({ ...options, showConfirmButton: options.timer === undefined });
}

/** Where an alert goes: inside an open modal dialog when there is one, as everything outside it is inert. */
export const alertTarget = () => document.querySelector<HTMLDialogElement>('dialog[open]') ?? undefined;

/**
 * The confirm dialog before a delete (docs/SPEC.md §8), or before another removal in its own words (leaving a
 * waitlist), with its `detail` below the text; resolves true when the user confirms.
 */
export async function confirmDelete(messages: ConfirmMessages = DELETE_CONFIRM): Promise<boolean> {
  const result = await fire({
    icon: 'warning',
    title: messages.title,
    text: messages.detail ? `${messages.text}\n\n${messages.detail}` : messages.text,
    showCancelButton: true,
    confirmButtonText: messages.confirmButton,
    cancelButtonText: messages.keepButton ?? 'Cancel',
    target: alertTarget(),
  });
  return result.isConfirmed;
}
