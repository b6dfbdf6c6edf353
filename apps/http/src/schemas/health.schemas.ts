import { Type } from 'typebox';

export const Healthy = Type.Object({ status: Type.Literal('ok') });
export const Ready = Type.Object({ status: Type.Literal('ready') });
