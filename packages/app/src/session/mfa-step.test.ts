import { describe, expect, it } from 'vitest';
import { mfaStep } from './session';

describe('mfaStep', () => {
  it('leads to enrolment when the policy requires a factor the person does not have', () => {
    expect(mfaStep({ required: true, enrolled: false, level: 'aal1' })).toBe('enrol');
  });
  it('asks for the code when the person has a factor and the session is aal1, required or not', () => {
    expect(mfaStep({ required: true, enrolled: true, level: 'aal1' })).toBe('verify');
    expect(mfaStep({ required: false, enrolled: true, level: 'aal1' })).toBe('verify');
  });
  it('asks nothing at aal2, without a policy, or without the block', () => {
    expect(mfaStep({ required: true, enrolled: true, level: 'aal2' })).toBeNull();
    expect(mfaStep({ required: false, enrolled: false, level: 'aal1' })).toBeNull();
    expect(mfaStep(undefined)).toBeNull();
  });
});
