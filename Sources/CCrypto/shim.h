#ifndef EARSHOT_CCRYPTO_SHIM_H
#define EARSHOT_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
