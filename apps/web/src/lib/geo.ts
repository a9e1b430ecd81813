/** The phone's position (a maintenance sign-in, a patrol's result), with the reasons it failed in Chinese. */

export const LOCATE_TIMEOUT_MS = 20_000;

export class LocateError extends Error {
  override name = 'LocateError';
}

/** GeolocationPositionError codes (1 denied, 2 unavailable, 3 timeout) → what the worker reads. */
export function locateMessage(code: number): string {
  switch (code) {
    case 1:
      return '定位权限被拒绝：请在手机设置或浏览器中允许本页面获取位置后重试';
    case 2:
      return '无法获取当前位置：请打开手机的定位服务，或到信号较好的地方重试';
    case 3:
      return `定位超时（${LOCATE_TIMEOUT_MS / 1000} 秒内未取得位置）：请到开阔处或窗边重试`;
    default:
      return '定位失败，请重试';
  }
}

export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/** One high-accuracy fix; rejects with a LocateError whose message is shown as it is. */
export function locate(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!window.isSecureContext) {
      reject(new LocateError('定位需要通过 HTTPS 打开本页面，请联系管理员'));
      return;
    }
    if (!('geolocation' in navigator)) {
      reject(new LocateError('当前浏览器不支持定位，请换用手机自带浏览器或微信打开'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        resolve({
          latitude: pos.coords.latitude,
          longitude: pos.coords.longitude,
          accuracy: Number.isFinite(pos.coords.accuracy) ? Math.round(pos.coords.accuracy) : null,
        }),
      (err) => reject(new LocateError(locateMessage(err.code))),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
