import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import type { MfaDevice } from '../../shared/auth/viewer'

/** A device's name as the user gave it, or the generic one when they gave none. */
export function useDeviceName(): (device: MfaDevice) => string {
  const { t } = useI18n()
  return (device) => device.name || t('mfa.unnamedDevice')
}

/**
 * Which authenticator a code comes from, when there is more than one to choose from: a radio per
 * device, the first one chosen, its value the factor id (`field`, the form's registration).
 */
export function DeviceChoice(props: {
  legend: string
  devices: readonly MfaDevice[]
  field: UseFormRegisterReturn
}) {
  const id = useId()
  const nameOf = useDeviceName()
  return (
    <fieldset className="choice-group">
      <legend>{props.legend}</legend>
      {props.devices.map((device, index) => (
        <div key={device.id} className="field field--check">
          <input
            id={`${id}-${index}`}
            type="radio"
            value={device.id}
            defaultChecked={index === 0}
            {...props.field}
          />
          <label htmlFor={`${id}-${index}`}>{nameOf(device)}</label>
        </div>
      ))}
    </fieldset>
  )
}
