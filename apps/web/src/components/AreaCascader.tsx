import { commonCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Cascader, type CascaderProps } from 'antd';
import { call } from '../lib/api.ts';

export const areaTreeQuery = {
  queryKey: ['areaTree'],
  queryFn: () => call(commonCalls.areaTree),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Area picker over the server's area tree (Nanning's districts with the spec's extras). */
export function AreaCascader(props: Omit<CascaderProps, 'options' | 'multiple'>) {
  const tree = useQuery(areaTreeQuery);
  return (
    <Cascader
      placeholder="请选择区域"
      changeOnSelect
      showSearch
      loading={tree.isLoading}
      {...props}
      options={tree.data ?? []}
    />
  );
}
