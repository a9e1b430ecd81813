export { AreaCascader, areaTreeQuery } from './AreaCascader.tsx';
export { type AuditDecision, AuditDialog } from './AuditDialog.tsx';
export { DictSelect, useDictLabel } from './DictSelect.tsx';
export { ExportButton } from './ExportButton.tsx';
export { FileUpload, type StoredFileRef } from './FileUpload.tsx';
export { ImportButton, importProblems } from './ImportButton.tsx';
export { NotFoundCard } from './NotFoundCard.tsx';
export { SmsCodeButton, SmsCodeField } from './SmsCodeButton.tsx';
export { checkImport, checkUpload, parseLimitMb } from './upload-checks.ts';
