import { CODE_STATE_LABEL } from '@ec/contract';

/** The code states as a ProTable valueEnum (filter and tag). */
export const CODE_STATE_ENUM = Object.fromEntries(
  Object.entries(CODE_STATE_LABEL).map(([value, text]) => [
    value,
    {
      text,
      status:
        value === 'bound'
          ? 'Success'
          : value === 'claimed'
            ? 'Processing'
            : value === 'void'
              ? 'Error'
              : 'Default',
    },
  ]),
);

export const YES_NO_ENUM = { true: { text: '是' }, false: { text: '否' } };
