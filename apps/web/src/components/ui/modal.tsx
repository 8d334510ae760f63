import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

type ModalProps = {
  /** Shown with `showModal()` while true; the content is rendered only while open. */
  open: boolean;
  /** The dialog's heading, which also names it. */
  title: string;
  /** Called when the dialog closes by itself (Escape) so the owner can drop its state. */
  onClose: () => void;
  children: ReactNode;
};

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `container`, in order. */
function tabbablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Where the cursor starts: the first control that can be changed, else the first one Tab reaches. */
function initialFocusIn(container: HTMLElement): HTMLElement | undefined {
  const tabbables = tabbablesIn(container);
  return tabbables.find((element) => !element.matches('[readonly]')) ?? tabbables[0];
}

/** Focus goes back to where it was before opening; synchronous, unlike the dialog's `close` event. */
function restoreFocus(returnFocusTo: RefObject<HTMLElement | null>) {
  const target = returnFocusTo.current;
  returnFocusTo.current = null;
  if (target?.isConnected) target.focus();
}

/**
 * An accessible modal on the native <dialog>: `showModal()` makes the rest of the page inert, Escape closes it,
 * Tab wraps from the last control to the first (and back), and focus returns to what was focused before it
 * opened (usually the button that opened it).
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  // A layout effect, so a caller that closes the modal inside flushSync can show an alert right after it,
  // with focus already back on the page.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Chromium gives first focus to the scrollable box itself; the user wants the first field to fill in.
      initialFocusIn(dialog)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus(returnFocusTo);
    }
  }, [open]);

  // The dialog closed by itself (Escape): tell the owner.
  function handleClose() {
    restoreFocus(returnFocusTo);
    onClose();
  }

  function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const tabbables = tabbablesIn(event.currentTarget);
    const first = tabbables[0];
    const last = tabbables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={handleClose}
      onKeyDown={wrapTab}
    >
      {/* No translate/scale on the box: a transformed box would trap the date picker's fixed-position popup. */}
      <div className="modal-box max-h-[calc(100dvh-2rem)] translate-none scale-none sm:max-w-2xl">
        <h2 id={titleId} className="mb-4 text-2xl font-bold">
          {title}
        </h2>
        {open && children}
      </div>
    </dialog>
  );
}
