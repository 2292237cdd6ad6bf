import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { emailStream } from './email-reservation';

describe('the stream that holds an e-mail address', () => {
  it('is one per address whatever its case and surrounding spaces, named by the sha256 of the lower-cased address', () => {
    const hash = createHash('sha256').update('ann@example.com').digest('hex');
    expect(emailStream('ann@example.com')).to.equal(`email-${hash}`);
    expect(emailStream('  Ann@Example.COM ')).to.equal(`email-${hash}`);
    expect(emailStream('bob@example.com')).not.to.equal(`email-${hash}`);
  });
});
