import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { savedImportMappingWriteSchema } from '../../../shared/api/schemas/import'
import type { z } from 'zod'
import { apiData } from '../../api/api-client'
import { api } from '../../api/browser-api'
import type { ImportForm } from '../import-dialog/import-settings'
import { portfolioPathPrefix } from './api-paths'
import { addsTransactionsKey, invalidate } from './portfolio-mutations'
import { portfolioQueries } from './portfolio-queries'

export type SavedImportMappingWrite = z.input<typeof savedImportMappingWriteSchema>

const importInto = (portfolioId: string, form: ImportForm) =>
  apiData(api.api.portfolios[':id'].imports.$post({ param: { id: portfolioId }, form }))

/** A file checked without writing anything: every row as it would be imported, with its problems. */
export function useImportPreview(portfolioId: string) {
  return useMutation({ mutationFn: (form: ImportForm) => importInto(portfolioId, form) })
}

/** A file imported for good: every figure of the portfolio, and its card on the list, change. */
export function useImportCommit(portfolioId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: addsTransactionsKey(portfolioId),
    mutationFn: (form: ImportForm) => importInto(portfolioId, form),
    onSuccess: () =>
      invalidate(client, portfolioPathPrefix(portfolioId), portfolioQueries.list().queryKey[0]),
  })
}

export function useSavedImportMappingChanges() {
  const client = useQueryClient()
  const settled = () => invalidate(client, portfolioQueries.importMappings().queryKey[0])
  const mappings = api.api['import-mappings']
  const save = useMutation({
    mutationFn: (mapping: SavedImportMappingWrite) => apiData(mappings.$post({ json: mapping })),
    onSuccess: settled,
  })
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await mappings[':id'].$delete({ param: { id } })
    },
    onSuccess: settled,
  })
  return { save, remove }
}
