import Foundation
import TermindCLI

TermindCommandLine.tuneAllocator()
exit(await TermindCommandLine.main())
