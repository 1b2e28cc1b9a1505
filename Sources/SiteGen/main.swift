import FoundationEssentials
import Glibc
import SiteGenKit

// The executable only hands its arguments to SiteGenKit, which does the work
// (and can be tested without spawning a process).
let arguments = Array(CommandLine.arguments.dropFirst())
let status = await CommandLineTool.run(arguments: arguments)
exit(status)
