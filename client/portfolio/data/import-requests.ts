import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportResult, SavedImportMapping } from '../../../shared/api/schemas'
import type {
  savedImportMappingListSchema,
  savedImportMappingWriteSchema,
} from '../../../shared/api/schemas/import'
import type { z } from 'zod'
import { apiSend, apiSendForm, type Fetched } from './api-request'
import { apiPaths, importPath, portfolioPathPrefix } from './api-paths'
import { invalidate } from './portfolio-mutations'

export type SavedImportMappingWrite = z.input<typeof savedImportMappingWriteSchema>
type SavedImportMappingList = z.infer<typeof savedImportMappingListSchema>

/** A file checked without writing anything: every row as it would be imported, with its problems. */
export function useImportPreview(portfolioId: string) {
  return useMutation({
    mutationFn: (form: FormData) => apiSendForm<ImportResult>(importPath(portfolioId), form),
  })
}

/** A file imported for good: every figure of the portfolio, and its card on the list, change. */
export function useImportCommit(portfolioId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => apiSendForm<ImportResult>(importPath(portfolioId), form),
    onSuccess: () => invalidate(client, portfolioPathPrefix(portfolioId), apiPaths.portfolios()),
  })
}

/** The user's saved mappings; asked for only while the import dialog is open. */
export function useSavedImportMappings() {
  return useQuery<Fetched<SavedImportMappingList>>({
    queryKey: [apiPaths.importMappings()],
  })
}

export function useSavedImportMappingChanges() {
  const client = useQueryClient()
  const settled = () => invalidate(client, apiPaths.importMappings())
  const save = useMutation({
    mutationFn: (mapping: SavedImportMappingWrite) =>
      apiSend<SavedImportMapping>('POST', apiPaths.importMappings(), mapping),
    onSuccess: settled,
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiSend<null>('DELETE', `${apiPaths.importMappings()}/${id}`),
    onSuccess: settled,
  })
  return { save, remove }
}
