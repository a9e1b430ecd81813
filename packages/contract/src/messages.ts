/**
 * The console's fixed messages (doc 000 §5, §8). Kept apart from the schemas so that a page that only
 * shows a message does not load zod.
 */
export const messages = {
  phoneRequired: '手机号不能为空',
  phoneInvalid: '请输入正确的手机号',
  phoneRequiredChange: '请输入手机号',
  phoneInvalidChange: '请输入正确的手机号码',
  passwordRequired: '密码不能为空',
  passwordTooShort: '请至少输入 6 个字符。请不要使用容易被猜到的密码',
  emailRequired: '邮箱不能为空',
  emailInvalid: '请输入正确的邮箱',
  idNumberInvalid: '请输入正确的身份证号',
  oldPasswordRequired: '请输入旧密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请再次输入密码',
  passwordMismatch: '两次输入密码不一致!',
  passwordWeak: '您输入的密码过于简单，请尝试其他密码。',
  passwordRule: '密码至少6位,且包含数字及字母',
  smsCodeLength: '位数应为6',
  smsCodeRequired: '请输入验证码',
  imageType: '文件类型不正确,请重新上传',
  uploadFailed: '上传失败',
  tooManyFiles: '只允许上传一张图片或者一个附件',
  noSelection: '请先选择要操作的数据',
  importTooLarge: '文件大小超过10M',
  importType: '只能导入 XLS 或 XLSX 文件',
  oversize: (mb: number) => `上传文件过大,请压缩至${mb}M以下再上传`,
  updated: '更新成功',
  /** An export past the size answered at once: it runs in the background (ops/exports.ts). */
  exportQueued: '已加入导出任务，可在导出中心查看进度并下载',
  passwordChanged: '修改密码成功',
  sizeSwitched: 'Switch Size Success',
} as const;
