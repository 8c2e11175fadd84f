import { z } from 'zod';
import { AUDIT_ACTION_CHOICES, AUDIT_ACTOR_TYPE_CHOICES, AUDIT_ENTITY_CHOICES, AUDIT_ORIGIN_CHOICES, auditFilterSchema, type AuditEntity } from '../audit';
import { defineFields, type FieldChoice } from '../fields';
import { defineFilters } from '../filters';

/**
 * The audit trail's screens (issue 22, /audit and /audit/{id}): the records, filter and routes are
 * domain/audit.ts's; here are the list's declaration and its filter form.
 */

/** Deletes and code reads stand out from the everyday creates and updates. */
const ACTION_TONES: Record<string, FieldChoice['tone']> = { create: 'green', update: 'transparent', delete: 'red', read_code: 'yellow' };
export const AUDIT_ACTION_BADGES: readonly FieldChoice[] = AUDIT_ACTION_CHOICES.map((choice) => ({ ...choice, tone: ACTION_TONES[choice.id] }));

export const auditFilters = defineFilters(auditFilterSchema, 'audit.filters', [
  { source: 'entity', kind: 'select', choices: AUDIT_ENTITY_CHOICES, any: 'audit.filters.anyEntity' },
  { source: 'entityId' },
  { source: 'action', kind: 'select', choices: AUDIT_ACTION_CHOICES, any: 'audit.filters.anyAction' },
  { source: 'actorType', kind: 'select', choices: AUDIT_ACTOR_TYPE_CHOICES, any: 'audit.filters.anyActorType' },
  { source: 'actor' },
  { source: 'date', kind: 'date', range: true },
]);

export const auditFields = defineFields(
  z.object({}),
  [
    { source: 'occurredAt', label: 'audit.fields.occurredAt', input: false, kind: 'datetime', column: true },
    { source: 'actorLabel', label: 'audit.fields.actor', input: false, column: true },
    { source: 'actorType', label: 'audit.fields.actorType', input: false, kind: 'select', choices: AUDIT_ACTOR_TYPE_CHOICES },
    { source: 'origin', label: 'audit.fields.origin', input: false, kind: 'select', choices: AUDIT_ORIGIN_CHOICES, column: true },
    { source: 'entity', label: 'audit.fields.entity', input: false, kind: 'select', choices: AUDIT_ENTITY_CHOICES, column: true },
    { source: 'entityId', label: 'audit.fields.entityId', input: false, column: true },
    { source: 'action', label: 'audit.fields.action', input: false, kind: 'select', choices: AUDIT_ACTION_BADGES, column: true },
    { source: 'companyName', label: 'audit.fields.company', input: false, column: true },
    { source: 'ip', label: 'audit.fields.ip', input: false },
    { source: 'requestId', label: 'audit.fields.requestId', input: false },
    { source: 'operation', label: 'audit.fields.operation', input: false },
    { source: 'actorId', label: 'audit.fields.actorId', input: false },
  ],
  { resource: 'audit', primary: 'occurredAt', secondary: ['actorLabel', 'entityId'], sort: { field: 'occurredAt', order: 'DESC' }, texts: 'audit.list', filterForm: auditFilters },
);

/** A record's timeline: the list filtered by its entity and id. */
export const auditTimelineFilter = (entity: AuditEntity | string, entityId: string) => ({ entity, entityId });

/** A record's own timeline (a card's page): when, who, from where, what; the entity is the page's. */
export const auditTimelineFields = defineFields(
  z.object({}),
  [
    { source: 'occurredAt', label: 'audit.fields.occurredAt', input: false, kind: 'datetime', column: true },
    { source: 'actorLabel', label: 'audit.fields.actor', input: false, column: true },
    { source: 'origin', label: 'audit.fields.origin', input: false, kind: 'select', choices: AUDIT_ORIGIN_CHOICES, column: true },
    { source: 'action', label: 'audit.fields.action', input: false, kind: 'select', choices: AUDIT_ACTION_BADGES, column: true },
    { source: 'operation', label: 'audit.fields.operation', input: false },
  ],
  { resource: 'audit', primary: 'occurredAt', secondary: ['actorLabel'], sort: { field: 'occurredAt', order: 'DESC' }, texts: 'audit.timeline' },
);
