// ErrorKit: structured errors with stable domains and codes, a localized-description bridge that
// works on Linux, NSError round trips and serializable payloads. It is built in issue 4; this
// file only gives the library product its module so clients can already depend on it.
