/**
 * The phone's position for 到达现场, when the browser gives it: null when it is refused, unavailable,
 * too slow or the page is not secure. The arrival is recorded either way (the distance only when known).
 */
export const POSITION_TIMEOUT_MS = 10_000;

export interface Position {
  latitude: number;
  longitude: number;
}

export function currentPosition(timeoutMs = POSITION_TIMEOUT_MS): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined' || !window.isSecureContext || !('geolocation' in navigator)) {
      resolve(null);
      return;
    }
    // A browser that never answers (a permission prompt left open) must not hold the arrival.
    const timer = setTimeout(() => resolve(null), timeoutMs + 1000);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        clearTimeout(timer);
        resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
