// /ethers5: the ethers v5 adapter with kit-react.
import { Ethers5Adapter } from '@latchkey/adapter-ethers5'
import { mountReactLabPage } from '../lab/react-page.js'

mountReactLabPage({ title: 'ethers v5 · React', adapter: new Ethers5Adapter() })
