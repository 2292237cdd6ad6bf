import { expect } from 'chai';
import { z } from 'zod';
import { eventSchemas, PERSONAL_FIELDS, type EventType } from './events';

/** The schema a path of PERSONAL_FIELDS leads to (`a.b`, `a[]`, `a[].b`), unwrapping optional and nullable. */
const at = (schema: z.ZodType, path: string): z.ZodType | undefined => {
  let node: z.ZodType | undefined = schema;
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    node = unwrap(node);
    const field: z.ZodType | undefined =
      node instanceof z.ZodObject ? (node.shape as Record<string, z.ZodType>)[list ? step.slice(0, -2) : step] : undefined;
    node = list ? (unwrap(field) instanceof z.ZodArray ? (unwrap(field) as z.ZodArray<z.ZodType>).element : undefined) : field;
  }
  return unwrap(node);
};
const unwrap = (schema: z.ZodType | undefined): z.ZodType | undefined =>
  schema instanceof z.ZodOptional || schema instanceof z.ZodNullable ? unwrap(schema.unwrap() as z.ZodType) : schema;

describe('personal fields', () => {
  it('name a text field of their event, each', () => {
    for (const [type, paths] of Object.entries(PERSONAL_FIELDS)) {
      for (const path of paths!) expect(at(eventSchemas[type as EventType], path), `${type} ${path}`).to.be.instanceOf(z.ZodString);
    }
  });

  it('cover the e-mail, the username and the texts a user writes', () => {
    expect(PERSONAL_FIELDS.UserRegistered).to.include.members(['email', 'username']);
    expect(PERSONAL_FIELDS.JournalWritten).to.include.members(['title', 'content', 'tags[]']);
    expect(PERSONAL_FIELDS.BetPlaced).to.include.members(['notes', 'tags[]']);
    expect(PERSONAL_FIELDS.GoalSet).to.include('title');
    expect(PERSONAL_FIELDS.ParlayCreated).to.include('name');
  });
});
