import Foundation
import TermindCLI

exit(await TermindCommandLine.main())
