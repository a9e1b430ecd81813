import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../lib/session.ts';

/** A select whose options are one server dictionary, e.g. `<DictSelect code="elevator_type" />`. */
export function DictSelect({ code, ...rest }: { code: string } & Omit<SelectProps<string>, 'options'>) {
  const { dicts } = useSession();
  const options = useMemo(
    () => dicts.find((d) => d.code === code)?.childs.map((c) => ({ label: c.value, value: c.key })) ?? [],
    [dicts, code],
  );
  return <Select allowClear placeholder="请选择" {...rest} options={options} />;
}

/** The label of a dictionary key, for table cells. */
export function useDictLabel(code: string): (key: string | null | undefined) => string {
  const { dicts } = useSession();
  return useMemo(() => {
    const map = new Map(dicts.find((d) => d.code === code)?.childs.map((c) => [c.key, c.value]) ?? []);
    return (key) => (key == null ? '' : (map.get(String(key)) ?? String(key)));
  }, [dicts, code]);
}
