//! `cargo xtask sizes --breakdown`: where the wasm's code is, by crate and by
//! function. Read from the name section of the release build as cargo writes it
//! (`target/wasm32-unknown-unknown/release/glossary.wasm`, which `cargo xtask dist`
//! builds through trunk), before wasm-bindgen and `wasm-opt`: the shares are the
//! program's, the shipped bytes are fewer (the sizes table above it has those).

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use anyhow::{Context, Result};
use wasmparser::{KnownCustom, Name, Parser, Payload, TypeRef};

use crate::files;

/// The wasm's code by crate and by function, and its data.
pub struct Breakdown {
    /// Bytes of function bodies.
    code: u64,
    /// Bytes of the data section (strings, tables, statics).
    data: u64,
    /// Code bytes per crate, largest first.
    crates: Vec<(String, u64)>,
    /// Code bytes per function (demangled, without hashes), largest first.
    functions: Vec<(String, u64)>,
    /// How many functions to list.
    top: usize,
}

/// The crate a demangled symbol belongs to: the first path in it, so that
/// `<T as tachys::view::IntoAny>::into_any` is tachys' and
/// `core::ptr::drop_in_place<glossary::X>` core's. Names without a path go together:
/// wasm-bindgen's descriptors (which wasm-bindgen removes), and the rest (the
/// allocator's and libm's C, the glue's exports).
pub fn crate_of(symbol: &str) -> &str {
    let ident = |b: u8| b == b'_' || b.is_ascii_alphanumeric();
    let bytes = symbol.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !ident(bytes[i]) {
            i += 1;
            continue;
        }
        let end = i + bytes[i..].iter().take_while(|b| ident(**b)).count();
        if symbol[end..].starts_with("::") {
            return &symbol[i..end];
        }
        i = end;
    }
    if symbol.starts_with("__wbindgen_describe") {
        "(wasm-bindgen's descriptors, removed by wasm-bindgen)"
    } else {
        "(no path)"
    }
}

/// Reads the breakdown of the wasm `bytes`, listing the `top` largest functions.
pub fn read(bytes: &[u8], top: usize) -> Result<Breakdown> {
    let mut imported = 0u32;
    let mut bodies = Vec::new();
    let mut names = HashMap::new();
    let mut data = 0;
    for payload in Parser::new(0).parse_all(bytes) {
        match payload? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    if matches!(import?.ty, TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => bodies.push(body.range().len() as u64),
            Payload::DataSection(reader) => data = reader.range().len() as u64,
            Payload::CustomSection(section) => {
                if let KnownCustom::Name(reader) = section.as_known() {
                    for part in reader {
                        if let Name::Function(map) = part? {
                            for naming in map {
                                let naming = naming?;
                                names.insert(naming.index, naming.name.to_string());
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if names.is_empty() {
        anyhow::bail!("the wasm has no name section: read cargo's output, not the shipped file");
    }
    let mut crates: HashMap<String, u64> = HashMap::new();
    let mut functions: HashMap<String, u64> = HashMap::new();
    for (i, size) in bodies.iter().enumerate() {
        let index = imported + u32::try_from(i)?;
        let name = names.get(&index).map_or("(unnamed)".to_string(), |n| {
            format!("{:#}", rustc_demangle::demangle(n))
        });
        *crates.entry(crate_of(&name).to_string()).or_default() += size;
        *functions.entry(name).or_default() += size;
    }
    let largest = |map: HashMap<String, u64>| {
        let mut list: Vec<_> = map.into_iter().collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        list
    };
    Ok(Breakdown {
        code: bodies.iter().sum(),
        data,
        crates: largest(crates),
        functions: largest(functions),
        top,
    })
}

/// The breakdown of the release build in `target/`.
pub fn of_release_build(target: &Path, top: usize) -> Result<Breakdown> {
    let path = target.join("wasm32-unknown-unknown/release/glossary.wasm");
    let bytes = files::read(&path).with_context(|| format!("{} (`cargo xtask dist` builds it)", path.display()))?;
    read(&bytes, top)
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let share = |b: u64| 100.0 * b as f64 / self.code.max(1) as f64;
        writeln!(
            f,
            "the wasm before wasm-bindgen and wasm-opt: {} bytes of code, {} of data",
            self.code, self.data
        )?;
        writeln!(f, "{:>10} {:>6}  crate", "code", "share")?;
        for (name, bytes) in &self.crates {
            writeln!(f, "{bytes:>10} {:>5.1}%  {name}", share(*bytes))?;
        }
        writeln!(f, "{:>10} {:>6}  function (the {} largest)", "code", "share", self.top)?;
        for (name, bytes) in self.functions.iter().take(self.top) {
            let name: String = name.chars().take(160).collect();
            writeln!(f, "{bytes:>10} {:>5.1}%  {name}", share(*bytes))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symbol_belongs_to_the_first_crate_it_names() {
        assert_eq!(crate_of("glossary::pages::entry::EntryView"), "glossary");
        assert_eq!(crate_of("<T as tachys::view::any_view::IntoAny>::into_any"), "tachys");
        assert_eq!(crate_of("core::ptr::drop_in_place<glossary::data::Store>"), "core");
        assert_eq!(crate_of("<alloc::vec::Vec<T> as core::clone::Clone>::clone"), "alloc");
        assert_eq!(
            crate_of("<&T as wasm_bindgen::describe::WasmDescribe>::describe"),
            "wasm_bindgen"
        );
        assert_eq!(crate_of("memcpy"), "(no path)");
        assert_eq!(
            crate_of("__wbindgen_describe___wbg_new_1"),
            crate_of("__wbindgen_describe_x")
        );
    }

    /// A module of one imported and two defined functions, named where `named`.
    fn module(named: bool) -> Vec<u8> {
        let section = |id: u8, body: &[u8]| [&[id, body.len() as u8][..], body].concat();
        let name = |s: &str| [&[s.len() as u8][..], s.as_bytes()].concat();
        let names = [
            &[3u8][..],
            &[0],
            &name("env_f"),
            &[1],
            &name("_ZN8glossary3big17h0123456789abcdefE"),
            &[2],
            &name("_ZN4core3fmt5small17h0123456789abcdefE"),
        ]
        .concat();
        let name_section = [&name("name")[..], &[1, names.len() as u8], &names].concat();
        [
            &b"\0asm\x01\0\0\0"[..],
            &section(1, &[1, 0x60, 0, 0]),
            &section(2, &[&[1][..], &name("env"), &name("f"), &[0, 0]].concat()),
            &section(3, &[2, 0, 0]),
            // Two bodies: four bytes of code and two.
            &section(10, &[2, 4, 0, 1, 1, 0x0b, 2, 0, 0x0b]),
            &section(11, &[1, 0, 0x41, 0, 0x0b, 3, b'a', b'b', b'c']),
            &(if named { section(0, &name_section) } else { Vec::new() }),
        ]
        .concat()
    }

    #[test]
    fn code_is_counted_per_crate_and_function_past_the_imports() {
        let b = read(&module(true), 10).unwrap();
        assert_eq!(b.code, 4 + 2);
        assert_eq!(
            b.functions,
            vec![("glossary::big".to_string(), 4), ("core::fmt::small".to_string(), 2)]
        );
        assert_eq!(b.crates, vec![("glossary".to_string(), 4), ("core".to_string(), 2)]);
        assert!(b.data > 3);
        let shown = b.to_string();
        assert!(shown.contains("66.7%  glossary"), "{shown}");
    }

    #[test]
    fn a_wasm_without_names_is_refused() {
        let refused = read(&module(false), 10).err().map(|e| e.to_string());
        assert!(refused.is_some_and(|e| e.contains("no name section")));
    }
}
