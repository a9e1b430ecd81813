import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { isFormValidationError } from '../lib/error-log.ts';

/**
 * The form's values when every field (or the named ones) is valid, else null: a failed validation
 * is shown beside its fields and is not an error, so the submit handler just stops
 * (`const v = await validated(form); if (!v) return;`). Anything else still throws.
 */
export async function validated<T>(form: FormInstance<T>, names?: NamePath[]): Promise<T | null> {
  try {
    return await (names ? form.validateFields(names) : form.validateFields());
  } catch (error) {
    if (isFormValidationError(error)) return null;
    throw error;
  }
}
