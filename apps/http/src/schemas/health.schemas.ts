import { Type } from 'typebox';
import { named } from './named-schema.js';

export const Healthy = named(
  'Healthy',
  Type.Object({ status: Type.Literal('ok') }, { description: 'The process runs' }),
);
export const Ready = named(
  'Ready',
  Type.Object({ status: Type.Literal('ready') }, { description: 'The database answers' }),
);
