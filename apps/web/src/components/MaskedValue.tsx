import { REVEAL_PERMISSION, type RevealField, type RevealKind, sensitiveCalls } from '@ec/contract';
import { Typography } from 'antd';
import { useState } from 'react';
import { usePermission } from '../lib/access.ts';
import { call } from '../lib/api.ts';

/**
 * A phone or ID number as the server sent it (masked by its one policy unless it is the viewer's
 * own), with a small 查看 link for those who hold `system:sensitive:reveal`. The link asks the
 * server for the full number (`POST /pc/common/reveal`), which records who looked at what.
 */
export function MaskedValue({
  value,
  kind,
  id,
  field,
  empty = '—',
}: {
  value: string | null | undefined;
  kind: RevealKind;
  id: number | null | undefined;
  field: RevealField;
  empty?: string;
}) {
  const mayReveal = usePermission(REVEAL_PERMISSION);
  const [full, setFull] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!value) return <>{empty}</>;
  if (full !== null) return <span data-testid={`revealed-${field}`}>{full}</span>;
  const masked = value.includes('*');
  return (
    <span>
      {value}
      {masked && mayReveal && id != null && (
        <Typography.Link
          style={{ marginLeft: 8, fontSize: 12 }}
          disabled={loading}
          data-testid={`reveal-${field}`}
          onClick={async () => {
            setLoading(true);
            try {
              const res = await call(sensitiveCalls.reveal, { kind, id, field });
              setFull(res.value ?? '');
            } finally {
              setLoading(false);
            }
          }}
        >
          查看
        </Typography.Link>
      )}
    </span>
  );
}
