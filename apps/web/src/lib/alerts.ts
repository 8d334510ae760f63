import type { SweetAlertIcon } from 'sweetalert2';
import { TIMERS } from '@stride/shared/constants';

/** SweetAlert2 is loaded on first use, so it never weighs on a page's first load. */
const loadSwal = () => import('sweetalert2').then((module) => module.default);

/** A toast in the top-end corner (SPEC.md §4: 1500 ms). */
export async function showToast(icon: SweetAlertIcon, title: string, timer: number = TIMERS.toastMs) {
  const Swal = await loadSwal();
  return Swal.fire({
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
export async function showAlert(options: {
  icon: SweetAlertIcon;
  title: string;
  text?: string;
  timer?: number;
  /** Where to put the alert; inside an open modal <dialog>, as everything outside it is inert. */
  target?: HTMLElement;
}) {
  const Swal = await loadSwal();
  return Swal.fire({ ...options, showConfirmButton: options.timer === undefined });
}

/** The confirm dialog before a delete (SPEC.md §8); resolves true when the user confirms. */
export async function confirmDelete(): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    icon: 'warning',
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonText: 'Cancel',
  });
  return result.isConfirmed;
}
