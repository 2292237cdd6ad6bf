/** After the next paint, focuses the first control marked invalid inside `container`. */
export const focusFirstInvalid = (container: HTMLElement | null): void => {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
};
