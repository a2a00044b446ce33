/** Marks a form field in which Enter must not submit the form. */
export const BLOCKS_ENTER = "data-blocks-enter";

/**
 * Spec §5: Enter is blocked in one-line text fields, so it never submits a half-filled form. One
 * listener for the page, inline in the document: it works before hydration and on pages that ship no
 * other script (the sign-in pages).
 */
export const BLOCK_ENTER_SCRIPT = `document.addEventListener("keydown",function(e){if(e.key==="Enter"&&e.target instanceof HTMLInputElement&&e.target.closest("[${BLOCKS_ENTER}]"))e.preventDefault()},true);`;
