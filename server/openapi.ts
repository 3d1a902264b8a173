// The OpenAPI 3.1 document of the whole server. Request bodies come from the valibot schemas the
// routes validate with (schemas/jsonSchema.ts walks them) via the same endpoint tables the routes
// are registered from, and every message is the M constant the server sends: nothing here restates
// a field, an enum value or a message by hand. test/server/openapi.test.ts checks that the paths
// here are exactly the routes the app registers.
import { readFileSync } from 'node:fs';
import { projectFile } from './projectFile.ts';
import type { JsonSchema } from '../schemas/jsonSchema.ts';
import { M } from '../schemas/messages.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from './routes/jobs.ts';
import { CREATION_ENDPOINTS, JOB_KINDS, UNVERSIONED } from './routes/creation.ts';
import { priceRule } from './priceRule.ts';
import { DASHBOARD_PATHS } from './routes/dashboard.ts';
import { endpointBody, type AnyEndpoint } from './routes/submit.ts';

const VERSION = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema, description: string) => ({ description, content: { 'application/json': { schema } } });
const detail = (description: string, messages: readonly string[]) =>
  json({ allOf: [ref('Error')], properties: { detail: { type: 'string', examples: [...messages] } } }, description);

const ERRORS = {
  401: detail('Invalid or missing API key (with WWW-Authenticate: Bearer)', [M.invalidApiKey]),
  404: detail('The key is valid but its user is missing or disabled', [M.notFoundUser]),
  422: json(ref('ValidationError'), 'Missing field, wrong type or unknown enum value (FastAPI shape, one entry per field)'),
};
const CREATION_ERRORS = {
  401: ERRORS[401],
  402: detail('Not enough credits for the job', [M.insufficientCredits]),
  404: ERRORS[404],
  413: detail('A file or the body is over a limit', [M.fileTooLarge]),
  422: ERRORS[422],
  429: detail('Too many requests for this key', [M.tooManyRequests]),
  503: detail('The queue is full (with Retry-After)', [M.serverBusy]),
};

const COMPONENTS = {
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
  schemas: {
    Error: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    ValidationError: {
      type: 'object',
      required: ['detail'],
      properties: {
        detail: {
          type: 'array',
          items: {
            type: 'object',
            required: ['type', 'loc', 'msg', 'input'],
            properties: {
              type: { type: 'string', examples: ['missing', 'enum', 'int_parsing', 'bool_parsing', 'uuid_parsing'] },
              loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
              msg: { type: 'string', examples: ['Field required'] },
              input: {},
              ctx: { type: 'object' },
            },
          },
        },
      },
    },
    JobCreated: { type: 'object', properties: { job_id: { type: 'string', format: 'uuid' } }, required: ['job_id'] },
    JobStatus: { type: 'string', enum: ['Pending', 'Succeed', 'Failed'] },
    Job: {
      type: 'object',
      required: ['job_id', 'status', 'image_urls'],
      properties: {
        job_id: { type: 'string', format: 'uuid' },
        status: ref('JobStatus'),
        image_urls: { type: 'array', items: { type: 'string', format: 'uri' } },
        progress: { type: 'number', minimum: 0, maximum: 1, description: 'Only while Pending' },
        error: { type: 'string', description: 'Only when Failed' },
        error_message: { type: 'string', description: 'Only when Failed: the same text as error (the name the hosted service uses)' },
        metadata_url: { type: 'string', format: 'uri', description: 'sheet.json, for sheet jobs once Succeed' },
      },
    },
    JobListItem: {
      type: 'object',
      required: ['job_id', 'kind', 'status', 'cost', 'created_at'],
      properties: {
        job_id: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: [...JOB_KINDS] },
        status: ref('JobStatus'),
        cost: { type: 'integer' },
        created_at: { type: 'string', format: 'date-time' },
        image_urls: { type: 'array', items: { type: 'string', format: 'uri' }, description: 'Only once Succeed' },
        metadata_url: { type: 'string', format: 'uri' },
      },
    },
    JobList: {
      type: 'object',
      required: ['jobs'],
      properties: {
        jobs: { type: 'array', items: ref('JobListItem') },
        next_before: { type: 'string', format: 'uuid', description: 'Pass as `before` for the next page; absent on the last page' },
      },
    },
    Account: {
      type: 'object',
      required: ['user_id', 'name', 'credits'],
      properties: { user_id: { type: 'string' }, name: { type: 'string' }, credits: { type: 'integer' } },
    },
  },
};

function creationOperation(path: string, endpoint: AnyEndpoint) {
  const body = endpointBody(endpoint);
  const twin = UNVERSIONED[path];
  return {
    operationId: `create_${endpoint.kind.replace(/[^a-z0-9]+/g, '_')}${twin ? '_unversioned' : ''}`,
    'x-job-kind': endpoint.kind,
    'x-price': priceRule(endpoint, body),
    'x-result': endpoint.result,
    summary: twin ? `Create a ${endpoint.kind} job (the unversioned route older clients call, standing in for ${twin})` : `Create a ${endpoint.kind} job`,
    ...(twin ? { deprecated: true } : {}),
    tags: [path.split('/')[1]],
    requestBody: { required: true, content: { 'multipart/form-data': { schema: body } } },
    responses: {
      200: json(ref('JobCreated'), 'Accepted: the job is Pending'),
      400: detail('A rule of the endpoint was violated', endpoint.messages),
      ...CREATION_ERRORS,
    },
  };
}

const PUBLIC = { security: [] };

export function openApiDocument() {
  const paths: Record<string, object> = {
    '/healthz': { get: { ...PUBLIC, operationId: 'healthz', summary: 'Readiness', responses: { 200: json({ type: 'object', properties: { status: { const: 'ok' } } }, 'Ready') } } },
    '/openapi.json': { get: { ...PUBLIC, operationId: 'openapi', summary: 'This document', responses: { 200: json({ type: 'object' }, 'OpenAPI 3.1 document') } } },
  };
  for (const [path, endpoint] of Object.entries(CREATION_ENDPOINTS)) paths[`/public/v1${path}`] = { post: creationOperation(path, endpoint) };
  paths['/public/v1/job/{job_id}'] = {
    get: {
      operationId: 'get_job',
      summary: 'Job status and results',
      parameters: [
        { name: 'job_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'wait', in: 'query', required: false, description: 'Long-poll: answer when the job is finished or this many seconds pass', schema: { type: 'integer', minimum: 0, maximum: 30, default: 0 } },
      ],
      responses: { 200: json(ref('Job'), 'The job'), 401: ERRORS[401], 404: detail('No such job (or another user\'s), or Not Found User', [M.jobNotFound, M.notFoundUser]), 422: ERRORS[422] },
    },
  };
  paths['/public/v1/jobs'] = {
    get: {
      operationId: 'list_jobs',
      summary: 'The caller\'s jobs, newest first',
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
        { name: 'before', in: 'query', required: false, description: 'A job id: list the jobs older than it', schema: { type: 'string', format: 'uuid' } },
      ],
      responses: { 200: json(ref('JobList'), 'One page of jobs'), ...ERRORS },
    },
  };
  paths['/public/v1/account'] = {
    get: { operationId: 'get_account', summary: 'The caller\'s account and balance', responses: { 200: json(ref('Account'), 'The account'), 401: ERRORS[401], 404: ERRORS[404] } },
  };
  paths['/cdn/{job_id}/{file}'] = {
    get: {
      ...PUBLIC,
      operationId: 'get_result_file',
      summary: 'A result file of a succeeded job (the job id is the capability)',
      parameters: [
        { name: 'job_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$' } },
      ],
      responses: {
        200: {
          description: 'The file',
          content: Object.fromEntries(['image/png', 'image/gif', 'application/json', 'text/plain', 'application/octet-stream'].map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
        },
        404: detail('No such file, job not Succeed, or the key given is another user\'s', [M.notFound]),
      },
    },
  };
  Object.assign(paths, DASHBOARD_PATHS); // the dashboard's files, served beside the API
  return {
    openapi: '3.1.0',
    info: { title: 'spritekiln', version: VERSION, description: 'Sprite and image generation as asynchronous jobs over HTTP (docs/contract.md).' },
    security: [{ bearer: [] }],
    paths,
    components: COMPONENTS,
  };
}
