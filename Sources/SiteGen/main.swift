import Foundation
import SiteGenKit

// The executable only hands its arguments to SiteGenKit, which does the work
// (and can be tested without spawning a process).
let status = await CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
