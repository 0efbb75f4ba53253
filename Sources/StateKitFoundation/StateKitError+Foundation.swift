import ErrorKitCore
import StateKitCore

// StateKitError's conformances to Foundation's error protocols, so that Foundation shows its own
// texts. Clients import StateKit only: the StateKit product links this module, and Foundation
// finds the conformances at run time. statekit-inspect links StateKitCore, not this module, and
// so starts without loading FoundationEssentials (Docs/Architecture.md).

#if canImport(FoundationEssentials) && !canImport(Darwin)
  import FoundationEssentials

  // FoundationEssentials declares LocalizedError but not CustomNSError, so only LocalizedError
  // is adopted here. Foundation copies the three texts into the bridged NSError's user info; the
  // domain and code come from CodedError's `_domain` and `_code`.

  /// StateKit's errors are `LocalizedError`s: `error.localizedDescription` is the message, and
  /// `error as NSError` carries the message, reason and suggestion under
  /// `NSLocalizedDescriptionKey`, `NSLocalizedFailureReasonErrorKey` and
  /// `NSLocalizedRecoverySuggestionErrorKey`, on Linux too. Nothing to import but StateKit.
  ///
  ///     do {
  ///         _ = try StateCatalog.system.parse("selected ||")
  ///     } catch {
  ///         error.localizedDescription  // "cannot parse state text \"selected ||\": segment 2 is empty; write one name or hex number between `|`s"
  ///         (error as NSError).localizedFailureReason  // "segment 2 is empty; write one name or hex number between `|`s"
  ///     }
  extension StateKitError: LocalizedError {
    /// The message, which Foundation shows as the localized description.
    ///
    ///     do {
    ///         _ = try ControlState(applicationBit: 9)
    ///     } catch {
    ///         error.localizedDescription  // "application bit index 9 is out of range: valid indices are 0...7 (bits 16...23)"
    ///     }
    public var errorDescription: String? { message }
  }
#elseif canImport(Foundation)
  import Foundation

  /// StateKit's errors are `LocalizedError`s and `CustomNSError`s: `error.localizedDescription`
  /// is the message, and `error as NSError` has the domain, the code, and user info made by the
  /// rule ErrorKit's bridge uses (message, reason, suggestion, the code's name under
  /// `ErrorKitName`, and the `input` and `token` details). Nothing to import but StateKit.
  ///
  ///     do {
  ///         _ = try StateCatalog.system.parse("selected ||")
  ///     } catch {
  ///         error.localizedDescription  // "cannot parse state text \"selected ||\": segment 2 is empty; write one name or hex number between `|`s"
  ///         (error as NSError).localizedFailureReason  // "segment 2 is empty; write one name or hex number between `|`s"
  ///     }
  extension StateKitError: LocalizedError, CustomNSError {
    /// The message, which Foundation shows as the localized description.
    ///
    ///     do {
    ///         _ = try ControlState(applicationBit: 9)
    ///     } catch {
    ///         error.localizedDescription  // "application bit index 9 is out of range: valid indices are 0...7 (bits 16...23)"
    ///     }
    public var errorDescription: String? { message }

    /// The CodedError domain, `dev.statekit.StateKit`.
    ///
    ///     do {
    ///         _ = try ControlState(applicationBit: 9)
    ///     } catch {
    ///         (error as NSError).domain  // "dev.statekit.StateKit"
    ///     }
    public static var errorDomain: String { domain }

    /// The code's number.
    ///
    ///     do {
    ///         _ = try ControlState(applicationBit: 9)
    ///     } catch {
    ///         (error as NSError).code  // 1
    ///     }
    public var errorCode: Int { code.rawValue }

    /// The error's fields by ErrorKitCore's one user-info rule, the one ErrorKit's bridge uses:
    /// texts under Foundation's keys, the code's name under `ErrorKitName`, and the exported
    /// details (`input`, `token`) escaped when a name is reserved. StateKit's errors have no
    /// cause.
    ///
    ///     do {
    ///         _ = try ControlState(applicationBit: 9)
    ///     } catch {
    ///         (error as NSError).userInfo[NSLocalizedFailureReasonErrorKey] as? String  // "valid indices are 0...7 (bits 16...23)"
    ///     }
    public var errorUserInfo: [String: Any] { _ErrorUserInfoFields.fields(of: self) }
  }
#endif
