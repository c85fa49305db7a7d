import { Alert } from 'antd';

/** Why a save was refused, above the form's fields; the clerk may close it (see useFormSave). */
export function FormFailure({ text, onClose }: { text: string | undefined; onClose: () => void }) {
  if (!text) return null;
  return <Alert type="error" showIcon title={text} closable={{ onClose }} style={{ marginBottom: 16 }} />;
}
