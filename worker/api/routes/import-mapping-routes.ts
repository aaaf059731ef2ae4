import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import {
  savedImportMappingListSchema,
  savedImportMappingSchema,
  savedImportMappingWriteSchema,
} from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { asCaller, type ApiDb } from '../api-database'
import {
  deleteImportMapping,
  listImportMappings,
  saveImportMapping,
} from '../store/import-mapping-store'
import { DATA_ERRORS, errorResponses, idParams, json, jsonBody } from './openapi-shapes'

const tags = ['Imports']

export const listImportMappingsRoute = privateRoute({
  method: 'get',
  path: '/import-mappings',
  tags,
  summary: 'Your saved import mappings, by name',
  responses: {
    200: json(savedImportMappingListSchema, 'The mappings'),
    ...errorResponses(401, 503),
  },
})

export const saveImportMappingRoute = privateRoute({
  method: 'post',
  path: '/import-mappings',
  tags,
  summary: 'Save a column mapping with its reading options (a name used before is replaced)',
  description: 'At most 50 per user (`403 import_mapping_limit`).',
  request: { body: jsonBody(savedImportMappingWriteSchema) },
  responses: {
    201: json(savedImportMappingSchema, 'The saved mapping'),
    ...errorResponses(400, 401, 403, 413, 415, 422, 503),
  },
})

export const deleteImportMappingRoute = privateRoute({
  method: 'delete',
  path: '/import-mappings/{id}',
  tags,
  summary: 'Delete a saved import mapping',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(...DATA_ERRORS) },
})

export async function readImportMappings(db: ApiDb) {
  return { mappings: await listImportMappings(db.sql) }
}

/** The saved import mapping routes, relative to /api. */
export const importMappingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listImportMappingsRoute, async (c) => c.json(await asCaller(c, readImportMappings), 200))
  .openapi(saveImportMappingRoute, async (c) => {
    const input = c.req.valid('json')
    return c.json(await asCaller(c, (db) => saveImportMapping(db.sql, input)), 201)
  })
  .openapi(deleteImportMappingRoute, async (c) => {
    const { id } = c.req.valid('param')
    await asCaller(c, (db) => deleteImportMapping(db.sql, id))
    return c.body(null, 204)
  })
