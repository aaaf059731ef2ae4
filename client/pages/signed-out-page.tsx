import { SignedOutScreen } from '../auth/signed-out-screen'
import { definePage } from './page-definition'

/** A private screen whose signed-in content is still to come: it says what it will be for. */
export default definePage({ Component: ({ match }) => <SignedOutScreen match={match} /> })
