// /ethers: the ethers v6 adapter with kit-react.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { mountReactLabPage } from '../lab/react-page.js'

mountReactLabPage({ title: 'ethers v6 · React', adapter: new EthersAdapter() })
