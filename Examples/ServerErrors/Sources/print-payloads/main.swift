import CourierErrorKitFoundation
import ErrorKit
import ErrorSamples

// The ErrorKit version of every sample as a JSON payload, one a line, for
// `statekit-inspect error`.
for sample in samples {
  print(ErrorPayload(sample.errorKit).jsonText)
}
