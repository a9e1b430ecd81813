/** The default sidebar mark: an elevator car drawn inline, so no image is fetched. */
export function LogoMark() {
  return (
    <svg width="24" height="24" viewBox="0 0 32 32" role="img" aria-label="电梯云监管平台">
      <rect x="3" y="2" width="26" height="28" rx="4" fill="#1890ff" />
      <rect x="7" y="7" width="8" height="19" rx="1" fill="#fff" />
      <rect x="17" y="7" width="8" height="19" rx="1" fill="#fff" />
      <path d="M11 4.5l2 2h-4zM21 6.5l2-2h-4z" fill="#fff" />
    </svg>
  );
}
