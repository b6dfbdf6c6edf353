import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

describe.each(targets)('BackupCodeRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('replaces every code of the user', async () => {
    const user = await subject.addUser();
    const { backupCodes } = subject.ports;
    await backupCodes.replace(user.id, ['aaaaabbbbb', 'cccccddddd']);
    await backupCodes.replace(user.id, ['eeeeefffff', 'ggggghhhhh', 'jjjjjkkkkk']);
    expect(await backupCodes.count(user.id)).toBe(3);
    expect(await backupCodes.consume(user.id, 'aaaaabbbbb')).toBe(false);
    expect(await backupCodes.consume(user.id, 'eeeeefffff')).toBe(true);
  });

  it('counts a repeated code once', async () => {
    const user = await subject.addUser();
    await subject.ports.backupCodes.replace(user.id, ['aaaaabbbbb', 'aaaaabbbbb']);
    expect(await subject.ports.backupCodes.count(user.id)).toBe(1);
  });

  it('uses a code up once', async () => {
    const user = await subject.addUser();
    const { backupCodes } = subject.ports;
    await backupCodes.replace(user.id, ['aaaaabbbbb', 'cccccddddd']);
    expect(await backupCodes.consume(user.id, 'aaaaabbbbb')).toBe(true);
    expect(await backupCodes.consume(user.id, 'aaaaabbbbb')).toBe(false);
    expect(await backupCodes.count(user.id)).toBe(1);
  });

  it("does not accept another user's code", async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.ports.backupCodes.replace(owner.id, ['aaaaabbbbb']);
    expect(await subject.ports.backupCodes.consume(other.id, 'aaaaabbbbb')).toBe(false);
    expect(await subject.ports.backupCodes.count(owner.id)).toBe(1);
  });

  it('deletes all codes of the user only', async () => {
    const user = await subject.addUser();
    const other = await subject.addUser();
    await subject.ports.backupCodes.replace(user.id, ['aaaaabbbbb', 'cccccddddd']);
    await subject.ports.backupCodes.replace(other.id, ['aaaaabbbbb']);
    await subject.ports.backupCodes.deleteAll(user.id);
    expect(await subject.ports.backupCodes.count(user.id)).toBe(0);
    expect(await subject.ports.backupCodes.count(other.id)).toBe(1);
  });

  it('replaces with nothing', async () => {
    const user = await subject.addUser();
    await subject.ports.backupCodes.replace(user.id, ['aaaaabbbbb']);
    await subject.ports.backupCodes.replace(user.id, []);
    expect(await subject.ports.backupCodes.count(user.id)).toBe(0);
  });
});
