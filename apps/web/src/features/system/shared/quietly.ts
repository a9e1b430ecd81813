/**
 * For confirm dialogs: a refused action (already reported by the request layer, e.g. 角色仍有用户使用)
 * closes the dialog instead of leaving it open with the same button.
 */
export const quietly = (action: () => Promise<unknown>) => (): Promise<void> =>
  action().then(
    () => undefined,
    () => undefined,
  );
