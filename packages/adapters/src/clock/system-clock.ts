import type { Clock } from '@accounts/application';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
