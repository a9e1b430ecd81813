/** A refusal a person can act on: the HTTP status and a Chinese message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: { field: string; message: string }[]) =>
  new AppError(400, message, errors);
export const unauthorized = (message = '登录已失效，请重新登录') => new AppError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message);
export const notFound = (message = '记录不存在或无权访问') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message: string) => new AppError(413, message);
export const unsupportedType = (message: string) => new AppError(415, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
