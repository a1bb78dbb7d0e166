/** Reloads the whole page, so every label reads the tenant's new settings (spec 002 §2). Tests mock it. */
export function reloadPage(): void {
  window.location.reload();
}
