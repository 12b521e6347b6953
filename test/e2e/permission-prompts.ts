// A page script (Playwright addInitScript; self-contained): the microphone's permission reads `prompt`, as in a
// browser that asks (Chromium's fake UI says `granted`). The widget's ticket then waits for the visitor's answer, and
// a refusal costs none. (Where it reads `granted` and the system refuses anyway, the call goes on typed once its line
// is open: test/unit/session-start.test.ts.)
export function permissionPrompts(): void {
  const query = Permissions.prototype.query;
  Permissions.prototype.query = function (this: Permissions, descriptor) {
    const answer = query.call(this, descriptor);
    return descriptor.name === 'microphone' ? answer.then((status) => Object.create(status, { state: { value: 'prompt' } })) : answer;
  };
}
